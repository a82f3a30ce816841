// Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand.
// @ts-nocheck
const exports = {};
exports.e5843ee = validate14;
const schema16 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Job application","description":"The application form of the Apply Now button. The browser and the server both validate with this schema; the CV itself travels as a file beside these fields and the server checks its content too.","type":"object","additionalProperties":false,"required":["fullName","phone","email","coverLetter"],"properties":{"fullName":{"title":"Full name","description":"The applicant's full name.","type":"string","minLength":1,"maxLength":100,"errorMessage":{"type":"Full name is required","minLength":"Full name is required","maxLength":"Full name must be 100 characters or less"},"examples":["Priya Raman"]},"phone":{"title":"Phone number","description":"Digits only, at least 10 and at most 15 (the longest an international number can be).","type":"string","minLength":1,"maxLength":15,"pattern":"^[0-9]{10,}$","errorMessage":{"type":"Phone number is required","minLength":"Phone number is required","maxLength":"Phone number must be 15 digits or less","pattern":"Phone number should be minimum 10 digits"},"examples":["9876543210"]},"email":{"title":"Email","description":"Where we reply: at most 254 characters, the longest address mail can carry.","type":"string","minLength":1,"maxLength":254,"pattern":"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$","errorMessage":{"type":"Email is required","minLength":"Email is required","maxLength":"Email must be 254 characters or less","pattern":"Invalid Email"},"examples":["priya@example.com"]},"cv":{"title":"CV","description":"The chosen CV file: its name and size (the file itself is sent beside the form). PDF, DOCX, DOC, RTF or TXT, at most 5 MB.","type":"object","additionalProperties":false,"required":["name","size"],"properties":{"name":{"title":"File name","description":"The CV's file name, at most 255 characters; its extension must be one of the allowed formats.","type":"string","maxLength":255,"pattern":"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$","errorMessage":{"pattern":"CV must be a PDF, DOCX, DOC, RTF or TXT file","maxLength":"CV file name must be 255 characters or less"},"examples":["priya-raman.pdf"]},"size":{"title":"File size","description":"The CV's size in bytes: at most 5 MB.","type":"integer","minimum":1,"maximum":5242880,"errorMessage":{"minimum":"CV file is empty","maximum":"CV must be 5 MB or smaller"},"examples":[182000]}},"examples":[{"name":"priya-raman.pdf","size":182000}]},"coverLetter":{"title":"Cover letter","description":"Why the applicant wants the role.","type":"string","minLength":1,"maxLength":5000,"errorMessage":{"type":"Cover letter is required","minLength":"Cover letter is required","maxLength":"Cover letter must be 5000 characters or less"},"examples":["I have designed enterprise dashboards for five years."]}},"errorMessage":{"required":{"fullName":"Full name is required","phone":"Phone number is required","email":"Email is required","coverLetter":"Cover letter is required"},"additionalProperties":"has a field this form does not have"},"$id":"e5843ee"};
const func2 = ((text) => Array.from(text).length);
const pattern0 = new RegExp("^[0-9]{10,}$", "u");
const pattern1 = new RegExp("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", "u");
const pattern2 = new RegExp("\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$", "u");
const obj0 = {"required":"missingProperty","dependencies":"property","dependentRequired":"property"};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="e5843ee" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fullName === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fullName"},message:"must have required property '"+"fullName"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.phone === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "phone"},message:"must have required property '"+"phone"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.email === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"},message:"must have required property '"+"email"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.coverLetter === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "coverLetter"},message:"must have required property '"+"coverLetter"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "fullName") || (key0 === "phone")) || (key0 === "email")) || (key0 === "cv")) || (key0 === "coverLetter"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.fullName !== undefined){
let data0 = data.fullName;
if(typeof data0 === "string"){
if(func2(data0) > 100){
const err5 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters",schema:100,parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func2(data0) < 1){
const err6 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.fullName.type,parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(errors > 0){
const emErrors0 = {"type":[],"minLength":[],"maxLength":[]};
const templates0 = {};
for(const err8 of vErrors){
if((((((err8.keyword !== "errorMessage") && (!err8.emUsed)) && (err8.instancePath === instancePath+"/fullName")) && (err8.keyword in emErrors0)) && (err8.schemaPath.indexOf("#/properties/fullName") === 0)) && (/^\/[^\/]*$/.test(err8.schemaPath.slice(21)))){
emErrors0[err8.keyword].push(err8);
err8.emUsed = true;
}
}
for(const key1 in emErrors0){
if(emErrors0[key1].length){
const err9 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/errorMessage",keyword:"errorMessage",params:{errors: emErrors0[key1]},message:key1 in templates0 ? templates0[key1]() : schema16.properties.fullName.errorMessage[key1],schema:schema16.properties.fullName.errorMessage,parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
const emErrs0 = [];
for(const err10 of vErrors){
if(!err10.emUsed){
emErrs0.push(err10);
}
}
vErrors = emErrs0;
errors = emErrs0.length;
}
}
if(data.phone !== undefined){
let data1 = data.phone;
if(typeof data1 === "string"){
if(func2(data1) > 15){
const err11 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 15},message:"must NOT have more than 15 characters",schema:15,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func2(data1) < 1){
const err12 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!pattern0.test(data1)){
const err13 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^[0-9]{10,}$"},message:"must match pattern \""+"^[0-9]{10,}$"+"\"",schema:"^[0-9]{10,}$",parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.phone.type,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(errors > 0){
const emErrors1 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates1 = {};
for(const err15 of vErrors){
if((((((err15.keyword !== "errorMessage") && (!err15.emUsed)) && (err15.instancePath === instancePath+"/phone")) && (err15.keyword in emErrors1)) && (err15.schemaPath.indexOf("#/properties/phone") === 0)) && (/^\/[^\/]*$/.test(err15.schemaPath.slice(18)))){
emErrors1[err15.keyword].push(err15);
err15.emUsed = true;
}
}
for(const key2 in emErrors1){
if(emErrors1[key2].length){
const err16 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/errorMessage",keyword:"errorMessage",params:{errors: emErrors1[key2]},message:key2 in templates1 ? templates1[key2]() : schema16.properties.phone.errorMessage[key2],schema:schema16.properties.phone.errorMessage,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
const emErrs1 = [];
for(const err17 of vErrors){
if(!err17.emUsed){
emErrs1.push(err17);
}
}
vErrors = emErrs1;
errors = emErrs1.length;
}
}
if(data.email !== undefined){
let data2 = data.email;
if(typeof data2 === "string"){
if(func2(data2) > 254){
const err18 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func2(data2) < 1){
const err19 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern1.test(data2)){
const err20 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/pattern",keyword:"pattern",params:{pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"},message:"must match pattern \""+"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"+"\"",schema:"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.email.type,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(errors > 0){
const emErrors2 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates2 = {};
for(const err22 of vErrors){
if((((((err22.keyword !== "errorMessage") && (!err22.emUsed)) && (err22.instancePath === instancePath+"/email")) && (err22.keyword in emErrors2)) && (err22.schemaPath.indexOf("#/properties/email") === 0)) && (/^\/[^\/]*$/.test(err22.schemaPath.slice(18)))){
emErrors2[err22.keyword].push(err22);
err22.emUsed = true;
}
}
for(const key3 in emErrors2){
if(emErrors2[key3].length){
const err23 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/errorMessage",keyword:"errorMessage",params:{errors: emErrors2[key3]},message:key3 in templates2 ? templates2[key3]() : schema16.properties.email.errorMessage[key3],schema:schema16.properties.email.errorMessage,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
const emErrs2 = [];
for(const err24 of vErrors){
if(!err24.emUsed){
emErrs2.push(err24);
}
}
vErrors = emErrs2;
errors = emErrs2.length;
}
}
if(data.cv !== undefined){
let data3 = data.cv;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.name === undefined){
const err25 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema16.properties.cv.required,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data3.size === undefined){
const err26 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'",schema:schema16.properties.cv.required,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
for(const key4 in data3){
if(!((key4 === "name") || (key4 === "size"))){
const err27 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data3.name !== undefined){
let data4 = data3.name;
if(typeof data4 === "string"){
if(func2(data4) > 255){
const err28 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters",schema:255,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(!pattern2.test(data4)){
const err29 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/pattern",keyword:"pattern",params:{pattern: "\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$"},message:"must match pattern \""+"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$"+"\"",schema:"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$",parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.cv.properties.name.type,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(errors > 0){
const emErrors3 = {"pattern":[],"maxLength":[]};
const templates3 = {};
for(const err31 of vErrors){
if((((((err31.keyword !== "errorMessage") && (!err31.emUsed)) && (err31.instancePath === instancePath+"/cv/name")) && (err31.keyword in emErrors3)) && (err31.schemaPath.indexOf("#/properties/cv/properties/name") === 0)) && (/^\/[^\/]*$/.test(err31.schemaPath.slice(31)))){
emErrors3[err31.keyword].push(err31);
err31.emUsed = true;
}
}
for(const key5 in emErrors3){
if(emErrors3[key5].length){
const err32 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/errorMessage",keyword:"errorMessage",params:{errors: emErrors3[key5]},message:key5 in templates3 ? templates3[key5]() : schema16.properties.cv.properties.name.errorMessage[key5],schema:schema16.properties.cv.properties.name.errorMessage,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
const emErrs3 = [];
for(const err33 of vErrors){
if(!err33.emUsed){
emErrs3.push(err33);
}
}
vErrors = emErrs3;
errors = emErrs3.length;
}
}
if(data3.size !== undefined){
let data5 = data3.size;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
const err34 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema16.properties.cv.properties.size.type,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(typeof data5 == "number"){
if(data5 > 5242880 || isNaN(data5)){
const err35 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 5242880},message:"must be <= 5242880",schema:5242880,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err36 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(errors > 0){
const emErrors4 = {"minimum":[],"maximum":[]};
const templates4 = {};
for(const err37 of vErrors){
if((((((err37.keyword !== "errorMessage") && (!err37.emUsed)) && (err37.instancePath === instancePath+"/cv/size")) && (err37.keyword in emErrors4)) && (err37.schemaPath.indexOf("#/properties/cv/properties/size") === 0)) && (/^\/[^\/]*$/.test(err37.schemaPath.slice(31)))){
emErrors4[err37.keyword].push(err37);
err37.emUsed = true;
}
}
for(const key6 in emErrors4){
if(emErrors4[key6].length){
const err38 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/errorMessage",keyword:"errorMessage",params:{errors: emErrors4[key6]},message:key6 in templates4 ? templates4[key6]() : schema16.properties.cv.properties.size.errorMessage[key6],schema:schema16.properties.cv.properties.size.errorMessage,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
const emErrs4 = [];
for(const err39 of vErrors){
if(!err39.emUsed){
emErrs4.push(err39);
}
}
vErrors = emErrs4;
errors = emErrs4.length;
}
}
}
else {
const err40 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.properties.cv.type,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.coverLetter !== undefined){
let data6 = data.coverLetter;
if(typeof data6 === "string"){
if(func2(data6) > 5000){
const err41 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/maxLength",keyword:"maxLength",params:{limit: 5000},message:"must NOT have more than 5000 characters",schema:5000,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(func2(data6) < 1){
const err42 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.coverLetter.type,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(errors > 0){
const emErrors5 = {"type":[],"minLength":[],"maxLength":[]};
const templates5 = {};
for(const err44 of vErrors){
if((((((err44.keyword !== "errorMessage") && (!err44.emUsed)) && (err44.instancePath === instancePath+"/coverLetter")) && (err44.keyword in emErrors5)) && (err44.schemaPath.indexOf("#/properties/coverLetter") === 0)) && (/^\/[^\/]*$/.test(err44.schemaPath.slice(24)))){
emErrors5[err44.keyword].push(err44);
err44.emUsed = true;
}
}
for(const key7 in emErrors5){
if(emErrors5[key7].length){
const err45 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/errorMessage",keyword:"errorMessage",params:{errors: emErrors5[key7]},message:key7 in templates5 ? templates5[key7]() : schema16.properties.coverLetter.errorMessage[key7],schema:schema16.properties.coverLetter.errorMessage,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
const emErrs5 = [];
for(const err46 of vErrors){
if(!err46.emUsed){
emErrs5.push(err46);
}
}
vErrors = emErrs5;
errors = emErrs5.length;
}
}
}
else {
const err47 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.type,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(errors > 0){
const emErrors6 = {"additionalProperties":[]};
const templates6 = {};
for(const err48 of vErrors){
if((((((err48.keyword !== "errorMessage") && (!err48.emUsed)) && (err48.instancePath === instancePath)) && (err48.keyword in emErrors6)) && (err48.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err48.schemaPath.slice(1)))){
emErrors6[err48.keyword].push(err48);
err48.emUsed = true;
}
}
for(const key8 in emErrors6){
if(emErrors6[key8].length){
const err49 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emErrors6[key8]},message:key8 in templates6 ? templates6[key8]() : schema16.errorMessage[key8],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
const emErrors7 = {"required":{"fullName":[],"phone":[],"email":[],"coverLetter":[]}};
const templates7 = {required:{}};
let emPropParams0;
let emParamsErrors0;
for(const err50 of vErrors){
if((((((err50.keyword !== "errorMessage") && (!err50.emUsed)) && (err50.instancePath === instancePath)) && (err50.keyword in emErrors7)) && (err50.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err50.schemaPath.slice(1)))){
emPropParams0 = obj0[err50.keyword];
emParamsErrors0 = emErrors7[err50.keyword][err50.params[emPropParams0]];
if(emParamsErrors0){
emParamsErrors0.push(err50);
err50.emUsed = true;
}
}
}
for(const key9 in emErrors7){
for(const keyProp0 in emErrors7[key9]){
emParamsErrors0 = emErrors7[key9][keyProp0];
if(emParamsErrors0.length){
const tmpl0 = templates7[key9] && templates7[key9][keyProp0];
const err51 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emParamsErrors0},message:tmpl0 ? tmpl0() : schema16.errorMessage[key9][keyProp0],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
const emErrs6 = [];
for(const err52 of vErrors){
if(!err52.emUsed){
emErrs6.push(err52);
}
}
vErrors = emErrs6;
errors = emErrs6.length;
}
validate14.errors = vErrors;
return errors === 0;
}

export default exports;
