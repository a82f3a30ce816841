// Generated from schemas/ by `npm run gen`: do not edit by hand.
// @ts-nocheck
const exports = {};
exports["-4e8d7239"] = validate14;
const schema16 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Job application","description":"The application form of the Apply Now button. The browser and the server both validate with this schema; the CV itself travels as a file beside these fields and the server checks its content too.","type":"object","additionalProperties":false,"required":["fullName","phone","email","coverLetter"],"properties":{"fullName":{"title":"Full name","description":"The applicant's full name.","type":"string","minLength":1,"maxLength":100,"errorMessage":{"type":"Full name is required","minLength":"Full name is required","maxLength":"Full name must be 100 characters or less"},"examples":["Priya Raman"]},"phone":{"title":"Phone number","description":"Digits only, at least 10.","type":"string","minLength":1,"pattern":"^[0-9]{10,}$","errorMessage":{"type":"Phone number is required","minLength":"Phone number is required","pattern":"Phone number should be minimum 10 digits"},"examples":["9876543210"]},"email":{"title":"Email","description":"Where we reply.","type":"string","minLength":1,"pattern":"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$","errorMessage":{"type":"Email is required","minLength":"Email is required","pattern":"Invalid Email"},"examples":["priya@example.com"]},"cv":{"title":"CV","description":"The chosen CV file: its name and size (the file itself is sent beside the form). PDF, DOCX, DOC, RTF or TXT, at most 5 MB.","type":"object","additionalProperties":false,"required":["name","size"],"properties":{"name":{"title":"File name","description":"The CV's file name; its extension must be one of the allowed formats.","type":"string","pattern":"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$","errorMessage":"CV must be a PDF, DOCX, DOC, RTF or TXT file","examples":["priya-raman.pdf"]},"size":{"title":"File size","description":"The CV's size in bytes: at most 5 MB.","type":"integer","minimum":1,"maximum":5242880,"errorMessage":{"minimum":"CV file is empty","maximum":"CV must be 5 MB or smaller"},"examples":[182000]}},"examples":[{"name":"priya-raman.pdf","size":182000}]},"coverLetter":{"title":"Cover letter","description":"Why the applicant wants the role.","type":"string","minLength":1,"maxLength":5000,"errorMessage":{"type":"Cover letter is required","minLength":"Cover letter is required","maxLength":"Cover letter must be 5000 characters or less"},"examples":["I have designed enterprise dashboards for five years."]}},"errorMessage":{"required":{"fullName":"Full name is required","phone":"Phone number is required","email":"Email is required","coverLetter":"Cover letter is required"},"additionalProperties":"has a field this form does not have"},"$id":"-4e8d7239"};
const func2 = ((text) => Array.from(text).length);
const pattern0 = new RegExp("^[0-9]{10,}$", "u");
const pattern1 = new RegExp("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", "u");
const pattern2 = new RegExp("\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$", "u");
const obj0 = {"required":"missingProperty","dependencies":"property","dependentRequired":"property"};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="-4e8d7239" */;
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
if(func2(data1) < 1){
const err11 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern0.test(data1)){
const err12 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^[0-9]{10,}$"},message:"must match pattern \""+"^[0-9]{10,}$"+"\"",schema:"^[0-9]{10,}$",parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.phone.type,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(errors > 0){
const emErrors1 = {"type":[],"minLength":[],"pattern":[]};
const templates1 = {};
for(const err14 of vErrors){
if((((((err14.keyword !== "errorMessage") && (!err14.emUsed)) && (err14.instancePath === instancePath+"/phone")) && (err14.keyword in emErrors1)) && (err14.schemaPath.indexOf("#/properties/phone") === 0)) && (/^\/[^\/]*$/.test(err14.schemaPath.slice(18)))){
emErrors1[err14.keyword].push(err14);
err14.emUsed = true;
}
}
for(const key2 in emErrors1){
if(emErrors1[key2].length){
const err15 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/errorMessage",keyword:"errorMessage",params:{errors: emErrors1[key2]},message:key2 in templates1 ? templates1[key2]() : schema16.properties.phone.errorMessage[key2],schema:schema16.properties.phone.errorMessage,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
const emErrs1 = [];
for(const err16 of vErrors){
if(!err16.emUsed){
emErrs1.push(err16);
}
}
vErrors = emErrs1;
errors = emErrs1.length;
}
}
if(data.email !== undefined){
let data2 = data.email;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err17 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern1.test(data2)){
const err18 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/pattern",keyword:"pattern",params:{pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"},message:"must match pattern \""+"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"+"\"",schema:"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.email.type,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(errors > 0){
const emErrors2 = {"type":[],"minLength":[],"pattern":[]};
const templates2 = {};
for(const err20 of vErrors){
if((((((err20.keyword !== "errorMessage") && (!err20.emUsed)) && (err20.instancePath === instancePath+"/email")) && (err20.keyword in emErrors2)) && (err20.schemaPath.indexOf("#/properties/email") === 0)) && (/^\/[^\/]*$/.test(err20.schemaPath.slice(18)))){
emErrors2[err20.keyword].push(err20);
err20.emUsed = true;
}
}
for(const key3 in emErrors2){
if(emErrors2[key3].length){
const err21 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/errorMessage",keyword:"errorMessage",params:{errors: emErrors2[key3]},message:key3 in templates2 ? templates2[key3]() : schema16.properties.email.errorMessage[key3],schema:schema16.properties.email.errorMessage,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
const emErrs2 = [];
for(const err22 of vErrors){
if(!err22.emUsed){
emErrs2.push(err22);
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
const err23 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema16.properties.cv.required,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data3.size === undefined){
const err24 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'",schema:schema16.properties.cv.required,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key4 in data3){
if(!((key4 === "name") || (key4 === "size"))){
const err25 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data3.name !== undefined){
let data4 = data3.name;
if(typeof data4 === "string"){
if(!pattern2.test(data4)){
const err26 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/pattern",keyword:"pattern",params:{pattern: "\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$"},message:"must match pattern \""+"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$"+"\"",schema:"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$",parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.cv.properties.name.type,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(errors > 0){
const emErrs3 = [];
for(const err28 of vErrors){
if(((((err28.keyword !== "errorMessage") && (!err28.emUsed)) && ((err28.instancePath === instancePath+"/cv/name") || ((err28.instancePath.indexOf(instancePath+"/cv/name") === 0) && (err28.instancePath[instancePath+"/cv/name".length] === "/")))) && (err28.schemaPath.indexOf("#/properties/cv/properties/name") === 0)) && (err28.schemaPath["#/properties/cv/properties/name".length] === "/")){
emErrs3.push(err28);
err28.emUsed = true;
}
}
if(emErrs3.length){
const err29 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/errorMessage",keyword:"errorMessage",params:{errors: emErrs3},message:"CV must be a PDF, DOCX, DOC, RTF or TXT file",schema:"CV must be a PDF, DOCX, DOC, RTF or TXT file",parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const emErrs4 = [];
for(const err30 of vErrors){
if(!err30.emUsed){
emErrs4.push(err30);
}
}
vErrors = emErrs4;
errors = emErrs4.length;
}
}
if(data3.size !== undefined){
let data5 = data3.size;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
const err31 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema16.properties.cv.properties.size.type,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(typeof data5 == "number"){
if(data5 > 5242880 || isNaN(data5)){
const err32 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 5242880},message:"must be <= 5242880",schema:5242880,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err33 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(errors > 0){
const emErrors3 = {"minimum":[],"maximum":[]};
const templates3 = {};
for(const err34 of vErrors){
if((((((err34.keyword !== "errorMessage") && (!err34.emUsed)) && (err34.instancePath === instancePath+"/cv/size")) && (err34.keyword in emErrors3)) && (err34.schemaPath.indexOf("#/properties/cv/properties/size") === 0)) && (/^\/[^\/]*$/.test(err34.schemaPath.slice(31)))){
emErrors3[err34.keyword].push(err34);
err34.emUsed = true;
}
}
for(const key5 in emErrors3){
if(emErrors3[key5].length){
const err35 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/errorMessage",keyword:"errorMessage",params:{errors: emErrors3[key5]},message:key5 in templates3 ? templates3[key5]() : schema16.properties.cv.properties.size.errorMessage[key5],schema:schema16.properties.cv.properties.size.errorMessage,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
const emErrs5 = [];
for(const err36 of vErrors){
if(!err36.emUsed){
emErrs5.push(err36);
}
}
vErrors = emErrs5;
errors = emErrs5.length;
}
}
}
else {
const err37 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.properties.cv.type,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.coverLetter !== undefined){
let data6 = data.coverLetter;
if(typeof data6 === "string"){
if(func2(data6) > 5000){
const err38 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/maxLength",keyword:"maxLength",params:{limit: 5000},message:"must NOT have more than 5000 characters",schema:5000,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(func2(data6) < 1){
const err39 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.coverLetter.type,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(errors > 0){
const emErrors4 = {"type":[],"minLength":[],"maxLength":[]};
const templates4 = {};
for(const err41 of vErrors){
if((((((err41.keyword !== "errorMessage") && (!err41.emUsed)) && (err41.instancePath === instancePath+"/coverLetter")) && (err41.keyword in emErrors4)) && (err41.schemaPath.indexOf("#/properties/coverLetter") === 0)) && (/^\/[^\/]*$/.test(err41.schemaPath.slice(24)))){
emErrors4[err41.keyword].push(err41);
err41.emUsed = true;
}
}
for(const key6 in emErrors4){
if(emErrors4[key6].length){
const err42 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/errorMessage",keyword:"errorMessage",params:{errors: emErrors4[key6]},message:key6 in templates4 ? templates4[key6]() : schema16.properties.coverLetter.errorMessage[key6],schema:schema16.properties.coverLetter.errorMessage,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
const emErrs6 = [];
for(const err43 of vErrors){
if(!err43.emUsed){
emErrs6.push(err43);
}
}
vErrors = emErrs6;
errors = emErrs6.length;
}
}
}
else {
const err44 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.type,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(errors > 0){
const emErrors5 = {"additionalProperties":[]};
const templates5 = {};
for(const err45 of vErrors){
if((((((err45.keyword !== "errorMessage") && (!err45.emUsed)) && (err45.instancePath === instancePath)) && (err45.keyword in emErrors5)) && (err45.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err45.schemaPath.slice(1)))){
emErrors5[err45.keyword].push(err45);
err45.emUsed = true;
}
}
for(const key7 in emErrors5){
if(emErrors5[key7].length){
const err46 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emErrors5[key7]},message:key7 in templates5 ? templates5[key7]() : schema16.errorMessage[key7],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
const emErrors6 = {"required":{"fullName":[],"phone":[],"email":[],"coverLetter":[]}};
const templates6 = {required:{}};
let emPropParams0;
let emParamsErrors0;
for(const err47 of vErrors){
if((((((err47.keyword !== "errorMessage") && (!err47.emUsed)) && (err47.instancePath === instancePath)) && (err47.keyword in emErrors6)) && (err47.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err47.schemaPath.slice(1)))){
emPropParams0 = obj0[err47.keyword];
emParamsErrors0 = emErrors6[err47.keyword][err47.params[emPropParams0]];
if(emParamsErrors0){
emParamsErrors0.push(err47);
err47.emUsed = true;
}
}
}
for(const key8 in emErrors6){
for(const keyProp0 in emErrors6[key8]){
emParamsErrors0 = emErrors6[key8][keyProp0];
if(emParamsErrors0.length){
const tmpl0 = templates6[key8] && templates6[key8][keyProp0];
const err48 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emParamsErrors0},message:tmpl0 ? tmpl0() : schema16.errorMessage[key8][keyProp0],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
const emErrs7 = [];
for(const err49 of vErrors){
if(!err49.emUsed){
emErrs7.push(err49);
}
}
vErrors = emErrs7;
errors = emErrs7.length;
}
validate14.errors = vErrors;
return errors === 0;
}

export default exports;
