// Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand.
// @ts-nocheck
const exports = {};
exports["19521430"] = validate14;
const schema16 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Job application","description":"The application form of the Apply Now button. The browser and the server both validate with this schema; the CV itself travels as a file beside these fields and the server checks its content too.","type":"object","x-retention-days":90,"additionalProperties":false,"required":["fullName","phone","email","coverLetter"],"properties":{"fullName":{"title":"Full name","description":"The applicant's full name, on one line and without control characters or direction overrides.","type":"string","minLength":1,"maxLength":100,"pattern":"^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$","errorMessage":{"type":"Full name is required","minLength":"Full name is required","maxLength":"Full name must be 100 characters or less","pattern":"Full name must not contain control characters, which can come invisibly with pasted text"},"examples":["Priya Raman"]},"phone":{"title":"Phone number","description":"Digits only, at least 10 and at most 15 (the longest an international number can be).","type":"string","minLength":1,"maxLength":15,"pattern":"^[0-9]{10,}$","errorMessage":{"type":"Phone number is required","minLength":"Phone number is required","maxLength":"Phone number must be 15 digits or less","pattern":"Phone number should be minimum 10 digits"},"examples":["9876543210"]},"email":{"title":"Email","description":"Where we reply: at most 254 characters, the longest address mail can carry. A control, direction, zero-width, tag, separator, private-use or other invisible character makes it an invalid e-mail.","type":"string","minLength":1,"maxLength":254,"pattern":"^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$","errorMessage":{"type":"Email is required","minLength":"Email is required","maxLength":"Email must be 254 characters or less","pattern":"Invalid Email"},"examples":["priya@example.com"]},"cv":{"title":"CV","description":"The chosen CV file: its name and size (the file itself is sent beside the form). PDF, DOCX, DOC, RTF or TXT, at most 5 MB.","type":"object","additionalProperties":false,"required":["name","size"],"properties":{"name":{"title":"File name","description":"The CV's file name, at most 255 characters, with no control character; its extension must be one of the allowed formats.","type":"string","maxLength":255,"pattern":"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$","not":{"pattern":"\\p{Cc}"},"errorMessage":{"pattern":"CV must be a PDF, DOCX, DOC, RTF or TXT file","maxLength":"CV file name must be 255 characters or less","not":"CV file name must not contain control characters"},"examples":["priya-raman.pdf"]},"size":{"title":"File size","description":"The CV's size in bytes: at most 5 MB.","type":"integer","minimum":1,"maximum":5242880,"errorMessage":{"minimum":"CV file is empty","maximum":"CV must be 5 MB or smaller"},"examples":[182000]}},"examples":[{"name":"priya-raman.pdf","size":182000}]},"coverLetter":{"title":"Cover letter","description":"Why the applicant wants the role: no control characters but tabs and line breaks.","type":"string","minLength":1,"maxLength":5000,"pattern":"^(?:[^\\p{Cc}]|[\\t\\n\\r])*$","errorMessage":{"type":"Cover letter is required","minLength":"Cover letter is required","maxLength":"Cover letter must be 5000 characters or less","pattern":"Cover letter must not contain control characters, which can come invisibly with pasted text"},"examples":["I have designed enterprise dashboards for five years."]}},"errorMessage":{"required":{"fullName":"Full name is required","phone":"Phone number is required","email":"Email is required","coverLetter":"Cover letter is required"},"additionalProperties":"has a field this form does not have"},"$id":"19521430"};
const func2 = ((text) => Array.from(text).length);
const pattern0 = new RegExp("^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$", "u");
const pattern1 = new RegExp("^[0-9]{10,}$", "u");
const pattern2 = new RegExp("^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$", "u");
const pattern3 = new RegExp("\\p{Cc}", "u");
const pattern4 = new RegExp("\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$", "u");
const pattern5 = new RegExp("^(?:[^\\p{Cc}]|[\\t\\n\\r])*$", "u");
const obj0 = {"required":"missingProperty","dependencies":"property","dependentRequired":"property"};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="19521430" */;
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
if(!pattern0.test(data0)){
const err7 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/pattern",keyword:"pattern",params:{pattern: "^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$"},message:"must match pattern \""+"^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$"+"\"",schema:"^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$",parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.fullName.type,parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(errors > 0){
const emErrors0 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates0 = {};
for(const err9 of vErrors){
if((((((err9.keyword !== "errorMessage") && (!err9.emUsed)) && (err9.instancePath === instancePath+"/fullName")) && (err9.keyword in emErrors0)) && (err9.schemaPath.indexOf("#/properties/fullName") === 0)) && (/^\/[^\/]*$/.test(err9.schemaPath.slice(21)))){
emErrors0[err9.keyword].push(err9);
err9.emUsed = true;
}
}
for(const key1 in emErrors0){
if(emErrors0[key1].length){
const err10 = {instancePath:instancePath+"/fullName",schemaPath:"#/properties/fullName/errorMessage",keyword:"errorMessage",params:{errors: emErrors0[key1]},message:key1 in templates0 ? templates0[key1]() : schema16.properties.fullName.errorMessage[key1],schema:schema16.properties.fullName.errorMessage,parentSchema:schema16.properties.fullName,data:data0};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
const emErrs0 = [];
for(const err11 of vErrors){
if(!err11.emUsed){
emErrs0.push(err11);
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
const err12 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 15},message:"must NOT have more than 15 characters",schema:15,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data1) < 1){
const err13 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern1.test(data1)){
const err14 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^[0-9]{10,}$"},message:"must match pattern \""+"^[0-9]{10,}$"+"\"",schema:"^[0-9]{10,}$",parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.phone.type,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(errors > 0){
const emErrors1 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates1 = {};
for(const err16 of vErrors){
if((((((err16.keyword !== "errorMessage") && (!err16.emUsed)) && (err16.instancePath === instancePath+"/phone")) && (err16.keyword in emErrors1)) && (err16.schemaPath.indexOf("#/properties/phone") === 0)) && (/^\/[^\/]*$/.test(err16.schemaPath.slice(18)))){
emErrors1[err16.keyword].push(err16);
err16.emUsed = true;
}
}
for(const key2 in emErrors1){
if(emErrors1[key2].length){
const err17 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/errorMessage",keyword:"errorMessage",params:{errors: emErrors1[key2]},message:key2 in templates1 ? templates1[key2]() : schema16.properties.phone.errorMessage[key2],schema:schema16.properties.phone.errorMessage,parentSchema:schema16.properties.phone,data:data1};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
const emErrs1 = [];
for(const err18 of vErrors){
if(!err18.emUsed){
emErrs1.push(err18);
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
const err19 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(func2(data2) < 1){
const err20 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!pattern2.test(data2)){
const err21 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/pattern",keyword:"pattern",params:{pattern: "^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$"},message:"must match pattern \""+"^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$"+"\"",schema:"^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$",parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.email.type,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(errors > 0){
const emErrors2 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates2 = {};
for(const err23 of vErrors){
if((((((err23.keyword !== "errorMessage") && (!err23.emUsed)) && (err23.instancePath === instancePath+"/email")) && (err23.keyword in emErrors2)) && (err23.schemaPath.indexOf("#/properties/email") === 0)) && (/^\/[^\/]*$/.test(err23.schemaPath.slice(18)))){
emErrors2[err23.keyword].push(err23);
err23.emUsed = true;
}
}
for(const key3 in emErrors2){
if(emErrors2[key3].length){
const err24 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/errorMessage",keyword:"errorMessage",params:{errors: emErrors2[key3]},message:key3 in templates2 ? templates2[key3]() : schema16.properties.email.errorMessage[key3],schema:schema16.properties.email.errorMessage,parentSchema:schema16.properties.email,data:data2};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
const emErrs2 = [];
for(const err25 of vErrors){
if(!err25.emUsed){
emErrs2.push(err25);
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
const err26 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema16.properties.cv.required,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data3.size === undefined){
const err27 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'",schema:schema16.properties.cv.required,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key4 in data3){
if(!((key4 === "name") || (key4 === "size"))){
const err28 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data3.name !== undefined){
let data4 = data3.name;
const _errs14 = errors;
const _errs15 = errors;
if(typeof data4 === "string"){
if(!pattern3.test(data4)){
const err29 = {};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
var valid2 = _errs15 === errors;
if(valid2){
const err30 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/not",keyword:"not",params:{},message:"must NOT be valid",schema:schema16.properties.cv.properties.name.not,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
if(typeof data4 === "string"){
if(func2(data4) > 255){
const err31 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters",schema:255,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(!pattern4.test(data4)){
const err32 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/pattern",keyword:"pattern",params:{pattern: "\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$"},message:"must match pattern \""+"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$"+"\"",schema:"\\.([Pp][Dd][Ff]|[Dd][Oo][Cc][Xx]?|[Rr][Tt][Ff]|[Tt][Xx][Tt])$",parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.cv.properties.name.type,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(errors > 0){
const emErrors3 = {"pattern":[],"maxLength":[],"not":[]};
const templates3 = {};
for(const err34 of vErrors){
if((((((err34.keyword !== "errorMessage") && (!err34.emUsed)) && (err34.instancePath === instancePath+"/cv/name")) && (err34.keyword in emErrors3)) && (err34.schemaPath.indexOf("#/properties/cv/properties/name") === 0)) && (/^\/[^\/]*$/.test(err34.schemaPath.slice(31)))){
emErrors3[err34.keyword].push(err34);
err34.emUsed = true;
}
}
for(const key5 in emErrors3){
if(emErrors3[key5].length){
const err35 = {instancePath:instancePath+"/cv/name",schemaPath:"#/properties/cv/properties/name/errorMessage",keyword:"errorMessage",params:{errors: emErrors3[key5]},message:key5 in templates3 ? templates3[key5]() : schema16.properties.cv.properties.name.errorMessage[key5],schema:schema16.properties.cv.properties.name.errorMessage,parentSchema:schema16.properties.cv.properties.name,data:data4};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
const emErrs3 = [];
for(const err36 of vErrors){
if(!err36.emUsed){
emErrs3.push(err36);
}
}
vErrors = emErrs3;
errors = emErrs3.length;
}
}
if(data3.size !== undefined){
let data5 = data3.size;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
const err37 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema16.properties.cv.properties.size.type,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(typeof data5 == "number"){
if(data5 > 5242880 || isNaN(data5)){
const err38 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 5242880},message:"must be <= 5242880",schema:5242880,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err39 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(errors > 0){
const emErrors4 = {"minimum":[],"maximum":[]};
const templates4 = {};
for(const err40 of vErrors){
if((((((err40.keyword !== "errorMessage") && (!err40.emUsed)) && (err40.instancePath === instancePath+"/cv/size")) && (err40.keyword in emErrors4)) && (err40.schemaPath.indexOf("#/properties/cv/properties/size") === 0)) && (/^\/[^\/]*$/.test(err40.schemaPath.slice(31)))){
emErrors4[err40.keyword].push(err40);
err40.emUsed = true;
}
}
for(const key6 in emErrors4){
if(emErrors4[key6].length){
const err41 = {instancePath:instancePath+"/cv/size",schemaPath:"#/properties/cv/properties/size/errorMessage",keyword:"errorMessage",params:{errors: emErrors4[key6]},message:key6 in templates4 ? templates4[key6]() : schema16.properties.cv.properties.size.errorMessage[key6],schema:schema16.properties.cv.properties.size.errorMessage,parentSchema:schema16.properties.cv.properties.size,data:data5};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
const emErrs4 = [];
for(const err42 of vErrors){
if(!err42.emUsed){
emErrs4.push(err42);
}
}
vErrors = emErrs4;
errors = emErrs4.length;
}
}
}
else {
const err43 = {instancePath:instancePath+"/cv",schemaPath:"#/properties/cv/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.properties.cv.type,parentSchema:schema16.properties.cv,data:data3};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.coverLetter !== undefined){
let data6 = data.coverLetter;
if(typeof data6 === "string"){
if(func2(data6) > 5000){
const err44 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/maxLength",keyword:"maxLength",params:{limit: 5000},message:"must NOT have more than 5000 characters",schema:5000,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(func2(data6) < 1){
const err45 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!pattern5.test(data6)){
const err46 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\p{Cc}]|[\\t\\n\\r])*$"},message:"must match pattern \""+"^(?:[^\\p{Cc}]|[\\t\\n\\r])*$"+"\"",schema:"^(?:[^\\p{Cc}]|[\\t\\n\\r])*$",parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.coverLetter.type,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(errors > 0){
const emErrors5 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates5 = {};
for(const err48 of vErrors){
if((((((err48.keyword !== "errorMessage") && (!err48.emUsed)) && (err48.instancePath === instancePath+"/coverLetter")) && (err48.keyword in emErrors5)) && (err48.schemaPath.indexOf("#/properties/coverLetter") === 0)) && (/^\/[^\/]*$/.test(err48.schemaPath.slice(24)))){
emErrors5[err48.keyword].push(err48);
err48.emUsed = true;
}
}
for(const key7 in emErrors5){
if(emErrors5[key7].length){
const err49 = {instancePath:instancePath+"/coverLetter",schemaPath:"#/properties/coverLetter/errorMessage",keyword:"errorMessage",params:{errors: emErrors5[key7]},message:key7 in templates5 ? templates5[key7]() : schema16.properties.coverLetter.errorMessage[key7],schema:schema16.properties.coverLetter.errorMessage,parentSchema:schema16.properties.coverLetter,data:data6};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
const emErrs5 = [];
for(const err50 of vErrors){
if(!err50.emUsed){
emErrs5.push(err50);
}
}
vErrors = emErrs5;
errors = emErrs5.length;
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.type,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(errors > 0){
const emErrors6 = {"additionalProperties":[]};
const templates6 = {};
for(const err52 of vErrors){
if((((((err52.keyword !== "errorMessage") && (!err52.emUsed)) && (err52.instancePath === instancePath)) && (err52.keyword in emErrors6)) && (err52.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err52.schemaPath.slice(1)))){
emErrors6[err52.keyword].push(err52);
err52.emUsed = true;
}
}
for(const key8 in emErrors6){
if(emErrors6[key8].length){
const err53 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emErrors6[key8]},message:key8 in templates6 ? templates6[key8]() : schema16.errorMessage[key8],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
const emErrors7 = {"required":{"fullName":[],"phone":[],"email":[],"coverLetter":[]}};
const templates7 = {required:{}};
let emPropParams0;
let emParamsErrors0;
for(const err54 of vErrors){
if((((((err54.keyword !== "errorMessage") && (!err54.emUsed)) && (err54.instancePath === instancePath)) && (err54.keyword in emErrors7)) && (err54.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err54.schemaPath.slice(1)))){
emPropParams0 = obj0[err54.keyword];
emParamsErrors0 = emErrors7[err54.keyword][err54.params[emPropParams0]];
if(emParamsErrors0){
emParamsErrors0.push(err54);
err54.emUsed = true;
}
}
}
for(const key9 in emErrors7){
for(const keyProp0 in emErrors7[key9]){
emParamsErrors0 = emErrors7[key9][keyProp0];
if(emParamsErrors0.length){
const tmpl0 = templates7[key9] && templates7[key9][keyProp0];
const err55 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emParamsErrors0},message:tmpl0 ? tmpl0() : schema16.errorMessage[key9][keyProp0],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
const emErrs6 = [];
for(const err56 of vErrors){
if(!err56.emUsed){
emErrs6.push(err56);
}
}
vErrors = emErrs6;
errors = emErrs6.length;
}
validate14.errors = vErrors;
return errors === 0;
}

export default exports;
